import Box from '@mui/material/Box';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { visuallyHidden } from './visually-hidden.ts';

describe('visuallyHidden (the table headers of the Influence and URL Rewriting steps)', () => {
  it('Given the style in sx, then the span is 1px by 1px, not the full width of the page', () => {
    render(
      <Box component="span" sx={visuallyHidden}>
        Actions
      </Box>,
    );
    const style = getComputedStyle(screen.getByText('Actions'));
    expect([style.width, style.height]).toEqual(['1px', '1px']);
    expect(style.position).toBe('absolute');
  });
});
