import { useCallback, useState } from 'react';

/** Values, field errors and the form-level states every public form shares. */
export function useFormValues<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setField = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    // The visitor is fixing this field: its old message no longer applies.
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _fixed, ...rest } = current;
      return rest;
    });
  }, []);

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
  }, [initial]);

  return { values, setField, errors, setErrors, reset };
}
