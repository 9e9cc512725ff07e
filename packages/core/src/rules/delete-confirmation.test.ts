import { describe, expect, it } from 'vitest';
import { deleteConfirmationError, isDeleteConfirmed } from './delete-confirmation.ts';
import { MESSAGES } from './messages.ts';

describe('delete confirmation', () => {
  it.each([
    ['Docs search', 'Docs search', true],
    ['docs search', 'Docs search', false],
    ['Docs search ', 'Docs search', false],
    [' Docs search', 'Docs search', false],
    ['Docs', 'Docs search', false],
    ['', 'Docs search', false],
    ['', '', false],
    ['Café ☕', 'Café ☕', true],
    ['Cafe\u0301', 'Café', false],
  ])('Given %j typed for %j, when checked, then confirmed is %s', (typed, name, expected) => {
    expect(isDeleteConfirmed(typed, name)).toBe(expected);
  });
});

describe('delete confirmation message', () => {
  it.each([
    ['Acme', 'Acme', undefined],
    ['acme', 'Acme', MESSAGES.deleteConfirmationMismatch],
  ])('Given %j typed for %j, when checked, then the message is %j', (typed, name, expected) => {
    expect(deleteConfirmationError(typed, name)).toBe(expected);
  });
});
