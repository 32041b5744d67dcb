import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../app/errors';

export interface AsyncState<T> {
  data: T | undefined;
  error: string;
  loading: boolean;
  reload: () => void;
}

/** Loads data when `deps` change; an error becomes a readable message. The latest call wins. */
export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]): AsyncState<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    // A retry starts clean: the old error goes while the load runs, and a new failure is announced again.
    setError('');
    load().then(
      (value) => {
        if (!current) return;
        setData(value);
        setError('');
        setLoading(false);
      },
      (caught: unknown) => {
        if (!current) return;
        setError(errorMessage(caught));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
    // The caller lists what `load` depends on, as with useEffect.
  }, [...deps, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, loading, reload };
}
