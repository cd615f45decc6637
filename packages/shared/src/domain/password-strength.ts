// Spec 000 §4: five criteria; 2 or fewer is weak, 3 to 4 medium, 5 strong.
export type TPasswordStrength = "weak" | "medium" | "strong";

export function passwordCriteria(password: string) {
  return {
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    digit: /\d/.test(password),
    symbol: /[^A-Za-z0-9]/.test(password),
    length: password.length >= 8,
  };
}

export function passwordStrength(password: string): { score: number; level: TPasswordStrength } {
  const score = Object.values(passwordCriteria(password)).filter(Boolean).length;
  return { score, level: score <= 2 ? "weak" : score <= 4 ? "medium" : "strong" };
}
