import type { CssItem } from '../../client/server/page-styles.ts';

export declare function requiredClasses(selector: string): string[];
export declare function cssRules(css: string): CssItem[];
