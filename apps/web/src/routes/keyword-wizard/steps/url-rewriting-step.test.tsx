import { MESSAGES } from '@siteseer/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderStep } from './step-harness.test-kit.tsx';
import { UrlRewritingStep } from './url-rewriting-step.tsx';

const ruleBox = () => screen.getByRole('textbox', { name: 'Rewrite rule' });
const rulesTable = () => screen.getByRole('table', { name: 'Rewrite rules' });

async function addRule(text: string, how: 'enter' | 'button' = 'button') {
  await userEvent.clear(ruleBox());
  // userEvent.type reads braces and brackets as keys: paste the rule as a user would.
  await userEvent.click(ruleBox());
  await userEvent.paste(text);
  if (how === 'enter') await userEvent.keyboard('{Enter}');
  else await userEvent.click(screen.getByRole('button', { name: 'Add Rule' }));
}

describe('URL Rewriting step', () => {
  it('Given no rules, then the step says so and the try box shows the URL unchanged', async () => {
    renderStep(UrlRewritingStep);
    expect(screen.getByText('No rewrite rules yet.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'URL to try' }), 'http://a.test/x');
    expect(screen.getByText('No rule changes it: http://a.test/x')).toBeTruthy();
  });

  it('Given rules removed with the keyboard, then focus goes to the next Remove, then to the rule box', async () => {
    renderStep(UrlRewritingStep);
    await addRule('^a -> b', 'enter');
    await addRule('^c -> d', 'enter');
    screen.getByRole('button', { name: 'Remove rule ^a -> b' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove rule ^c -> d' }));
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(ruleBox());
  });

  it('Given rules, then their table scrolls sideways inside its own box, not the page', async () => {
    renderStep(UrlRewritingStep);
    await addRule('^a -> b', 'enter');
    expect(getComputedStyle(rulesTable().parentElement as HTMLElement).overflowX).toBe('auto');
  });

  it('Given a rule typed with Enter, then it is listed with its text and parsed form and stored canonically', async () => {
    const { draft } = renderStep(UrlRewritingStep);
    await addRule('^http://(.*)/ig   ->   https://$1', 'enter');

    const rows = within(rulesTable()).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RulePatternFlagsReplacementActions',
      '^http://(.*)/gi -> https://$1^http://(.*)gihttps://$1Remove',
    ]);
    expect(draft.current.urlRewriteRules).toEqual([
      {
        rule: '^http://(.*)/gi -> https://$1',
        config: { pattern: '^http://(.*)', flags: 'gi', replacement: 'https://$1' },
      },
    ]);
    expect((ruleBox() as HTMLInputElement).value).toBe('');
  });

  it('Given text that is not a rule, then "Invalid rewrite rule." and the part that fails show, and nothing is added', async () => {
    const { patches } = renderStep(UrlRewritingStep);
    for (const [text, reason] of [
      ['no arrow here', 'There is no "->" between the pattern and the replacement.'],
      [
        '([unclosed/ -> x',
        'The pattern "([unclosed/" is not a regular expression: Unterminated character class.',
      ],
      ['a/gg -> b', 'The flag "g" is written twice in "/gg".'],
    ] as const) {
      await addRule(text);
      expect(screen.getByText(`${MESSAGES.invalidRewriteRule} ${reason}`)).toBeTruthy();
    }
    expect(patches).toEqual([]);
    await userEvent.type(ruleBox(), 'x');
    expect(screen.queryByText(/^Invalid rewrite rule\./)).toBeNull();
  });

  it('Given a rule that exists in another spelling, then "Rule already exists." shows', async () => {
    renderStep(UrlRewritingStep, {
      settings: {
        urlRewriteRules: [
          { rule: '^/old/ -> /new/', config: { pattern: '^/old/', flags: '', replacement: '/new/' } },
        ],
      },
    });
    await addRule('^/old/->/new/');
    expect(screen.getByText(MESSAGES.ruleAlreadyExists)).toBeTruthy();
    expect(within(rulesTable()).getAllByRole('row')).toHaveLength(2);
  });

  it('Given two rules, then the try box applies both in order, and removing one updates it at once', async () => {
    const { draft } = renderStep(UrlRewritingStep);
    await addRule('^http: -> https:');
    await addRule('/docs/v1//g -> /docs/v2/');
    await userEvent.type(screen.getByRole('textbox', { name: 'URL to try' }), 'http://a.test/docs/v1/x');
    expect(screen.getByText('Rewritten: https://a.test/docs/v2/x')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove rule ^http: -> https:' }));
    expect(draft.current.urlRewriteRules.map((rule) => rule.rule)).toEqual(['/docs/v1//g -> /docs/v2/']);
    expect(screen.getByText('Rewritten: http://a.test/docs/v2/x')).toBeTruthy();
  });
});
