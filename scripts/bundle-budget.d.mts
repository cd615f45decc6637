export const BUDGET_KIB: number;
export const OWN_BUDGETS_KIB: Record<string, number>;
export function budgetOf(path: string): number;
export function overBudget<T extends { path: string; gzipKb: number }>(figures: T[]): T[];
