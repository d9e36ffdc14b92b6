/** The part of `@babel/core` that vite.config.ts uses (the package ships no types). */
declare module '@babel/core' {
  export interface TransformOptions {
    filename?: string;
    babelrc?: boolean;
    configFile?: boolean | string;
    sourceMaps?: boolean;
    parserOpts?: { plugins?: string[] };
    plugins?: unknown[];
  }
  export interface BabelFileResult {
    code?: string | null;
    map?: { mappings: string; [key: string]: unknown } | null;
  }
  export function transformAsync(code: string, options?: TransformOptions): Promise<BabelFileResult | null>;
}
