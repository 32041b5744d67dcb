import type { ReactNode } from 'react';

/** An error is announced at once (role=alert); a success or a note politely (role=status). */
export function Alert({
  kind = 'error',
  children,
}: {
  kind?: 'error' | 'success' | 'warning';
  children: ReactNode;
}) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className={`alert ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
