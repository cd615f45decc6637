import type * as React from "react";
import { useCallback, useRef, useState } from "react";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";

// The part of react-hook-form's useForm that a small account form uses (register, handleSubmit, watch,
// setError, errors, isSubmitting), behaving as it does with a resolver and its default modes: checked on submit,
// each field checked again as it changes once the form was submitted, the first field in error focused.
// react-hook-form itself (12 KiB gzip) then loads only with the form's rules (lib/lazy-resolver.ts).

type TStringFields<T> = { [K in keyof T]: string };

/** What `register(name)` spreads onto an input, as react-hook-form's UseFormRegisterReturn. */
export type TRegistered<N extends string = string> = {
  name: N;
  ref: (element: HTMLInputElement | null) => void;
  onChange: (event: { target: { value: string } }) => Promise<void>;
  onBlur: () => Promise<void>;
};

type TErrors<T> = Partial<Record<keyof T, FieldError>>;

export function useCheckedForm<TInput extends TStringFields<TInput> & FieldValues, TOutput>(options: {
  resolver: Resolver<TInput, unknown, TOutput>;
  defaultValues: TInput;
}) {
  const values = useRef<TInput>({ ...options.defaultValues });
  const elements = useRef(new Map<keyof TInput, HTMLInputElement>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<TErrors<TInput>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // Re-renders the form when a value changes, for watch().
  const [, setVersion] = useState(0);
  const resolver = useRef(options.resolver);
  resolver.current = options.resolver;

  const check = useCallback(
    () =>
      resolver.current({ ...values.current }, undefined, {
        fields: {},
        names: Object.keys(values.current) as never,
        criteriaMode: "firstError",
        shouldUseNativeValidation: false,
      }),
    [],
  );

  // One registration a field, as react-hook-form keeps: the same ref callback on every render.
  const registered = useRef(new Map<string, TRegistered>());
  const register = useCallback(
    <N extends keyof TInput & string>(name: N): TRegistered<N> => {
      const known = registered.current.get(name);
      if (known) return known as TRegistered<N>;
      const registration: TRegistered<N> = {
        name,
        ref: (element) => {
          if (!element) {
            elements.current.delete(name);
            return;
          }
          elements.current.set(name, element);
          if (element.value !== values.current[name]) element.value = values.current[name];
        },
        onChange: async (event) => {
          values.current = { ...values.current, [name]: event.target.value };
          setVersion((v) => v + 1);
          if (!submitted.current) return;
          const result = await check();
          const error = (result.errors as TErrors<TInput>)[name];
          setErrors((current) => {
            const next = { ...current };
            if (error) next[name] = error;
            else delete next[name];
            return next;
          });
        },
        onBlur: async () => {},
      };
      registered.current.set(name, registration);
      return registration;
    },
    [check],
  );

  const handleSubmit = useCallback(
    (onValid: (values: TOutput) => Promise<void> | void) => async (event?: React.FormEvent) => {
      event?.preventDefault();
      submitted.current = true;
      setSubmitting(true);
      try {
        const result = await check();
        const found = result.errors as TErrors<TInput>;
        const names = Object.keys(found) as (keyof TInput)[];
        if (names.length > 0) {
          setErrors(found);
          // The first field in error, in the form's order, takes focus.
          const first = [...elements.current.keys()].find((name) => names.includes(name));
          if (first !== undefined) elements.current.get(first)?.focus();
          return;
        }
        setErrors({});
        await onValid(result.values as TOutput);
      } finally {
        setSubmitting(false);
      }
    },
    [check],
  );

  const watch = <N extends keyof TInput>(name: N): TInput[N] => values.current[name];

  /** As react-hook-form's: a field's error from elsewhere (the server's answer), until the field is checked again. */
  const setError = useCallback((name: keyof TInput, error: { message?: string }) => {
    setErrors((current) => ({ ...current, [name]: { type: "manual", ...error } }));
  }, []);

  return { register, handleSubmit, watch, setError, formState: { errors, isSubmitting } };
}
