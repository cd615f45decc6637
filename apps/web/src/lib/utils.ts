import { type ClassValue, clsx } from "clsx";
import { mergeClasses } from "./merge-classes";

/** Joins class names and lets later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
