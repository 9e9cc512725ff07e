import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InfluenceStep } from './influence-step.tsx';
import { renderStep } from './step-harness.test-kit.tsx';

const terms = () => screen.getByRole('textbox', { name: 'Blocked suggestion terms' }) as HTMLTextAreaElement;
const visitors = () =>
  screen.getByRole('spinbutton', { name: 'Visitors before a search is suggested' }) as HTMLInputElement;

describe('Influence step: query suggestions', () => {
  it('Given blocked terms typed one a line, then the draft gets them without blank lines', async () => {
    const { patches } = renderStep(InfluenceStep);
    expect(screen.getByRole('heading', { name: 'Query suggestions' })).toBeTruthy();
    expect(terms().value).toBe('');
    await userEvent.type(terms(), 'competitor{Enter}{Enter}free trial');
    expect(terms().value).toBe('competitor\n\nfree trial');
    expect(patches.at(-1)).toEqual({
      suggestions: { minVisitors: 3, blockedTerms: ['competitor', 'free trial'] },
    });
  });

  it('Given a saved list and minimum, then they show; a minimum out of range says so and is not kept', async () => {
    const { patches } = renderStep(InfluenceStep, {
      settings: { suggestions: { minVisitors: 5, blockedTerms: ['internal', 'beta'] } },
    });
    expect(terms().value).toBe('internal\nbeta');
    expect(visitors().value).toBe('5');
    await userEvent.clear(visitors());
    await userEvent.type(visitors(), '25');
    expect(screen.getByText('A whole number from 1 to 20.')).toBeTruthy();
    expect(patches.every((patch) => patch.suggestions?.minVisitors !== 25)).toBe(true);
    await userEvent.clear(visitors());
    await userEvent.type(visitors(), '4');
    expect(patches.at(-1)).toEqual({ suggestions: { minVisitors: 4, blockedTerms: ['internal', 'beta'] } });
  });
});
