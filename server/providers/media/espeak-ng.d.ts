/** The espeak-ng package (Emscripten build of eSpeak NG) ships no types. */
declare module 'espeak-ng' {
  interface ESpeakNgModule {
    FS: { readFile(path: string): Uint8Array };
  }
  interface ESpeakNgOptions {
    /** Command-line arguments of espeak-ng, e.g. ['-w', 'out.wav', '-v', 'en-us', 'text']. */
    arguments: string[];
    print?: (line: string) => void;
    printErr?: (line: string) => void;
  }
  export default function ESpeakNg(options: ESpeakNgOptions): Promise<ESpeakNgModule>;
}
