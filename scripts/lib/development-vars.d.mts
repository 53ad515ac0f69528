export declare function developmentVars(options?: { port?: string | number }): Record<string, string>;
export declare function developmentVarArgs(options?: { port?: string | number }): string[];
