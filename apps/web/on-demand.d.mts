// Types of on-demand.mjs (plain JavaScript, so bench/bundle-size.mjs runs it under node as it is).
export declare const ON_DEMAND: Record<string, { when: string; pages?: string[] }>;
export declare const ON_DEMAND_CHUNKS: string[];
