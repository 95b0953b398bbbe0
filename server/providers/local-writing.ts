/**
 * The offline provider's text and code (server/providers/local.ts): a labelled draft built on the prompt,
 * and a small program in the language asked that prints it. Cheap string work, on the event loop.
 */
import { rngAt } from './media/seed';

/** The plain note a creator reads above offline text; how to connect a real model is the README's business. */
export const OFFLINE_NOTICE = 'Written by the offline preview model: a placeholder, not the work of an AI model.';

function oneLine(value: string, max = 300): string {
  // Control characters and line breaks removed, so the text is safe in comments and literals.
  return value
    .replace(/\p{Cc}|[\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

export function writeText(prompt: string, seed: Buffer): string {
  const random = rngAt(seed, 20);
  const topic = oneLine(prompt, 200) || 'your idea';
  const openings = [
    `Here is a first draft about “${topic}”.`,
    `A short piece on “${topic}”.`,
    `Some thoughts to start from, on “${topic}”.`,
  ];
  const middles = [
    'Start with the reader: say what they gain in the first sentence, then show it with one concrete example.',
    'Keep the structure simple: one idea per paragraph, short sentences, and a clear ending that tells the reader what to do next.',
    'Ground it in detail: a name, a place, a number. Specifics make a text feel true.',
    'Read it aloud once before publishing; anything that makes you stumble will make your reader stumble too.',
  ];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  return [OFFLINE_NOTICE, '', pick(openings), '', pick(middles), ''].join('\n');
}

interface Lang {
  readonly comment: string;
  readonly render: (literal: string) => string;
}

const LANGUAGES: Record<string, Lang> = {
  typescript: {
    comment: '//',
    render: (s) =>
      `export function main(): void {\n  const request: string = ${s};\n  console.log(\`Preview for: \${request}\`);\n}\n\nmain();\n`,
  },
  javascript: {
    comment: '//',
    render: (s) =>
      `function main() {\n  const request = ${s};\n  console.log(\`Preview for: \${request}\`);\n}\n\nmain();\n`,
  },
  python: {
    comment: '#',
    render: (s) =>
      `def main() -> None:\n    request = ${s}\n    print(f"Preview for: {request}")\n\n\nif __name__ == "__main__":\n    main()\n`,
  },
  go: {
    comment: '//',
    render: (s) =>
      `package main\n\nimport "fmt"\n\nfunc main() {\n\trequest := ${s}\n\tfmt.Println("Preview for: " + request)\n}\n`,
  },
  rust: {
    comment: '//',
    render: (s) => `fn main() {\n    let request = ${s};\n    println!("Preview for: {}", request);\n}\n`,
  },
  java: {
    comment: '//',
    render: (s) =>
      `public class Main {\n    public static void main(String[] args) {\n        String request = ${s};\n        System.out.println("Preview for: " + request);\n    }\n}\n`,
  },
};

const LANGUAGE_ALIASES: Record<string, string> = {
  ts: 'typescript',
  js: 'javascript',
  node: 'javascript',
  py: 'python',
  golang: 'go',
  rs: 'rust',
};

export function writeCode(promptText: string, language: string): string {
  const asked = language.toLowerCase();
  const name = LANGUAGE_ALIASES[asked] ?? (asked in LANGUAGES ? asked : 'typescript');
  const lang = LANGUAGES[name] ?? (LANGUAGES['typescript'] as Lang);
  const prompt = oneLine(promptText) || 'a small example';
  // Only `"` and `\` remain to escape after oneLine, which every listed language writes alike.
  const literal = `"${prompt.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return [
    `${lang.comment} Offline preview output (${name}): written by the offline preview model, not an AI service.`,
    `${lang.comment} Request: ${prompt}`,
    '',
    lang.render(literal),
  ].join('\n');
}
