import type { FilterSelection, SearchQuery } from '@siteseer/core';

/** The words of a text query, lowercased: each must start a word of a matching row. */
export function queryWords(q: string): string[] {
  return q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The tsquery text of the words: each a prefix, all required. */
export function textQuery(words: readonly string[]): string {
  return words.map((w) => `${w}:*`).join(' & ');
}

/**
 * Builds the WHERE clause of a search over an engine's published rows, with every user value as a
 * bound parameter (column ids included: `data -> $n`), never spliced into the SQL text.
 */
export class SearchSql {
  readonly params: unknown[];
  private readonly base: string[];

  constructor(accountId: string, engineId: string) {
    this.params = [accountId, engineId];
    this.base = ['account_id = $1', 'engine_id = $2'];
  }

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** Full-text words, each matched as a prefix (`lapt` finds `laptop`), all required. */
  text(q: string): this {
    const words = queryWords(q);
    if (words.length > 0) {
      this.base.push(`search @@ to_tsquery('simple', ${this.param(textQuery(words))})`);
    }
    return this;
  }

  numberOf(column: string): string {
    return `CASE WHEN jsonb_typeof(data -> ${column}) = 'number' THEN (data ->> ${column})::numeric END`;
  }

  /** The condition of one filter's selection ('' selects rows without a value). */
  condition(columnId: string, selection: FilterSelection): string | undefined {
    // Parameters only for a selection that makes a condition: a bound parameter the statement
    // does not use is refused by PostgreSQL (an empty range `{}` answered 500).
    if ('values' in selection) {
      if (selection.values.length === 0) return undefined;
      const column = this.param(columnId);
      const values = selection.values.filter((v) => v !== '');
      const parts = values.length > 0 ? [`data ->> ${column} = ANY(${this.param(values)}::text[])`] : [];
      if (values.length < selection.values.length) parts.push(`data -> ${column} IS NULL`);
      return `(${parts.join(' OR ')})`;
    }
    if (selection.min === undefined && selection.max === undefined) return undefined;
    const column = this.param(columnId);
    const bounds: string[] = [];
    if (selection.min !== undefined) bounds.push(`${this.numberOf(column)} >= ${this.param(selection.min)}`);
    if (selection.max !== undefined) bounds.push(`${this.numberOf(column)} <= ${this.param(selection.max)}`);
    return `(${bounds.join(' AND ')})`;
  }

  /** The WHERE clause for the query's text and filters, leaving out the filter `except` (for its facet). */
  where(query: Pick<SearchQuery, 'filters'>, allowed: ReadonlySet<string>, except?: string): string {
    const conditions = [...this.base];
    for (const [columnId, selection] of Object.entries(query.filters)) {
      if (columnId === except || !allowed.has(columnId)) continue;
      const condition = this.condition(columnId, selection);
      if (condition) conditions.push(condition);
    }
    return conditions.join(' AND ');
  }
}
