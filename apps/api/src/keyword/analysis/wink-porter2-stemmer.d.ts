/** The package ships no types: one function, a lower-case English word to its Porter2 stem. */
declare module 'wink-porter2-stemmer' {
  const stem: (word: string) => string;
  export default stem;
}
