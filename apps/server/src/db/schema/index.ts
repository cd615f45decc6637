export * from "./auth";
export * from "./buyers";
export * from "./calls";
export * from "./companies";
export * from "./credits";
export * from "./forms";
export * from "./leads";
export * from "./system";
