/**
 * The keyword bench's hand-written known-item queries over the Python 3.11 manual (keyword-docs.ts):
 * what a visitor types when looking for one page, and that page (its path under the doc root).
 * Three kinds: natural questions, typos (one or two edits, as people make them) and partial words
 * (the last word cut short, as typed in a search-as-you-type box). Each query has one page that
 * answers it best; queries two pages answer equally well were left out.
 */
import type { KnownItem } from './keyword-docs.ts';

export type HandWrittenKind = 'question' | 'typo' | 'partial';

export interface HandWrittenQuery extends KnownItem {
  kind: HandWrittenKind;
}

export const HAND_WRITTEN_QUERIES: readonly HandWrittenQuery[] = [
  // Natural questions: words of the answer, rarely the title's.
  { kind: 'question', q: 'how do I read a file line by line', target: 'tutorial/inputoutput.html' },
  { kind: 'question', q: 'how to sort a list of dictionaries by a key', target: 'howto/sorting.html' },
  {
    kind: 'question',
    q: 'why are default values shared between objects',
    target: 'faq/programming.html',
  },
  { kind: 'question', q: 'send an email through an smtp server', target: 'library/smtplib.html' },
  { kind: 'question', q: 'run a shell command and capture its output', target: 'library/subprocess.html' },
  { kind: 'question', q: 'how to copy a directory tree', target: 'library/shutil.html' },
  { kind: 'question', q: 'how long does my code take to run', target: 'library/timeit.html' },
  { kind: 'question', q: 'exact decimal arithmetic for money', target: 'library/decimal.html' },
  { kind: 'question', q: 'how do I install a package with pip', target: 'installing/index.html' },
  { kind: 'question', q: 'list comprehensions', target: 'tutorial/datastructures.html' },
  { kind: 'question', q: 'logging tutorial for beginners', target: 'howto/logging.html' },
  { kind: 'question', q: 'hash a password with sha256', target: 'library/hashlib.html' },
  { kind: 'question', q: 'how do I handle exceptions with try except', target: 'tutorial/errors.html' },
  { kind: 'question', q: 'open a url and download a web page', target: 'library/urllib.request.html' },
  { kind: 'question', q: 'what is new in python 3.11', target: 'whatsnew/3.11.html' },
  // Added in session 20 (the first 15 were tuned against): questions of a site's visitors whose
  // answer is one module's page.
  { kind: 'question', q: 'parse command line arguments', target: 'library/argparse.html' },
  { kind: 'question', q: 'read and write json files', target: 'library/json.html' },
  { kind: 'question', q: 'current date and time', target: 'library/datetime.html' },
  { kind: 'question', q: 'generate a random number', target: 'library/random.html' },
  { kind: 'question', q: 'unit testing framework', target: 'library/unittest.html' },
  { kind: 'question', q: 'compress data with gzip', target: 'library/gzip.html' },
  { kind: 'question', q: 'base64 encoding', target: 'library/base64.html' },
  { kind: 'question', q: 'parse an xml document', target: 'library/xml.etree.elementtree.html' },
  { kind: 'question', q: 'deep copy of a list', target: 'library/copy.html' },
  { kind: 'question', q: 'count occurrences of items in a list', target: 'library/collections.html' },
  { kind: 'question', q: 'type hints for functions', target: 'library/typing.html' },
  { kind: 'question', q: 'read a csv file', target: 'library/csv.html' },
  { kind: 'question', q: 'query a sqlite database', target: 'library/sqlite3.html' },
  { kind: 'question', q: 'profile my code to find slow functions', target: 'library/profile.html' },
  { kind: 'question', q: 'pretty print a nested dictionary', target: 'library/pprint.html' },
  { kind: 'question', q: 'mean and standard deviation', target: 'library/statistics.html' },
  { kind: 'question', q: 'rational numbers', target: 'library/fractions.html' },
  { kind: 'question', q: 'walk the abstract syntax tree', target: 'library/ast.html' },
  { kind: 'question', q: 'enumerations', target: 'library/enum.html' },
  // Typos: one edit from 4 letters, two from 8.
  { kind: 'typo', q: 'subproccess', target: 'library/subprocess.html' },
  { kind: 'typo', q: 'itertols', target: 'library/itertools.html' },
  { kind: 'typo', q: 'colections container datatypes', target: 'library/collections.html' },
  { kind: 'typo', q: 'dataclases', target: 'library/dataclasses.html' },
  { kind: 'typo', q: 'regular expresion operations', target: 'library/re.html' },
  { kind: 'typo', q: 'multiprocesing', target: 'library/multiprocessing.html' },
  { kind: 'typo', q: 'temporary directroy', target: 'library/tempfile.html' },
  { kind: 'typo', q: 'argparse tutorail', target: 'howto/argparse.html' },
  { kind: 'typo', q: 'sokcet programming', target: 'howto/sockets.html' },
  { kind: 'typo', q: 'unicdoe howto', target: 'howto/unicode.html' },
  { kind: 'typo', q: 'corutines and tasks', target: 'library/asyncio-task.html' },
  // Partial words: the last word typed so far.
  { kind: 'partial', q: 'functoo', target: 'library/functools.html' },
  { kind: 'partial', q: 'contextl', target: 'library/contextlib.html' },
  { kind: 'partial', q: 'sqlit', target: 'library/sqlite3.html' },
  { kind: 'partial', q: 'abstract base cla', target: 'library/abc.html' },
  { kind: 'partial', q: 'heap queue algor', target: 'library/heapq.html' },
  { kind: 'partial', q: 'weak refere', target: 'library/weakref.html' },
  { kind: 'partial', q: 'launching parallel ta', target: 'library/concurrent.futures.html' },
  { kind: 'partial', q: 'object-oriented filesys', target: 'library/pathlib.html' },
  { kind: 'partial', q: 'json encoder and deco', target: 'library/json.html' },
  { kind: 'partial', q: 'pseudo-random numb', target: 'library/random.html' },
];
