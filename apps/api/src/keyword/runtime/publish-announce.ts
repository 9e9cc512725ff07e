import { type Changes, keywordGenerationChange, keywordGenerationOf } from '../../changes/changes.ts';

/**
 * Announces, once its transaction has committed, that a keyword engine has a new generation to
 * search: its character mapping, synonyms or settings changed, or it was deleted. The live clients
 * are forgotten (searches read the new generation) and every process that serves search starts
 * indexing it at once, this one directly and the others (PostgreSQL) on the notification.
 */
export function announceKeywordGeneration(
  changes: Changes,
  engine: { accountId: string; engineId: string },
): Promise<void> {
  return changes.announce('keywordGenerations', keywordGenerationChange('new', engine));
}

/** The engine a keyword generation change announces, if it is such a change. */
export function changedEngineOf(change: string | undefined): { accountId: string; engineId: string } | null {
  const announced = keywordGenerationOf(change);
  return announced && { accountId: announced.accountId, engineId: announced.engineId };
}
