/** A load that failed: its message, once, and a Retry button that runs the load again. */
export function LoadError({ error, onRetry }: { error: string; onRetry: () => void }) {
  if (!error) return null;
  return (
    <div className="alert error load-error" role="alert">
      <span>{error}</span>
      <button type="button" className="secondary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
