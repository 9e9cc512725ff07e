import { UsageError } from '../errors.ts';

/** Questions asked on a terminal. Never used when stdin is not a TTY or CI is set. */
export interface Prompter {
  /** A yes/no question; default no. */
  confirm(question: string): Promise<boolean>;
  /** A line of text. */
  text(question: string): Promise<string>;
}

/** A prompter that reads the terminal (stdin) and asks on stderr, so stdout stays data only. */
export function terminalPrompter(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Prompter {
  const ask = async (question: string) => {
    // Loaded when a question is asked: most runs never ask one.
    const { createInterface } = await import('node:readline/promises');
    const rl = createInterface({ input, output, terminal: true });
    try {
      return await rl.question(question);
    } finally {
      rl.close();
    }
  };
  return {
    async confirm(question) {
      const answer = (await ask(`${question} [y/N] `)).trim().toLowerCase();
      return answer === 'y' || answer === 'yes';
    },
    text: ask,
  };
}

/** The prompter of a non-interactive run: asking is a usage error that names the flag to pass. */
export function refusingPrompter(): Prompter {
  const refuse = (question: string): never => {
    throw new UsageError(`Cannot ask "${question.trim()}" without a terminal.`);
  };
  return { confirm: async (q) => refuse(q), text: async (q) => refuse(q) };
}
