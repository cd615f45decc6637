export type TBoundaryViolation = { from: string; to: string; specifier: string; why: string };
export type TModuleMap = {
  SERVER_MODULE_BASE: string[];
  SERVER_MODULES: Record<string, string[]>;
  LAYERS: Record<string, string[]>;
  WHERE_THINGS_LIVE: [string, string][];
};
export function partOf(path: string): string | null;
export function boundaryViolations(root: string, map?: TModuleMap): TBoundaryViolation[];
