/**
 * English function words: in a query of other words they are optional (a page need not hold them
 * to match; holding them still counts), so "how do I read a file" finds the page about reading
 * files. Only English: the pages of other languages keep every word required.
 */
const ENGLISH = new Set(
  `a about above after again against all am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have
having he her here hers herself him himself his how i if in into is it its itself just me more most
my myself no nor not now of off on once only or other our ours ourselves out over own same she should
so some such than that the their theirs them themselves then there these they this those through to
too under until up very was we were what when where which while who whom why will with would you
your yours yourself yourselves s t`.split(/\s+/),
);

/** Whether a normalised word is an English function word. */
export function isStopword(word: string): boolean {
  return ENGLISH.has(word);
}
