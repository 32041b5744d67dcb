import type { License } from '../../app/api-types';
import { ConfirmDialog } from '../../components/confirm-dialog';

interface LicenseDeleteDialogProps {
  license: License;
  onDelete: () => Promise<void>;
  onClose: () => void;
}

/** Asks before deleting a license, saying what its holders lose (the API leaves them without any license). */
export function LicenseDeleteDialog({ license, onDelete, onClose }: LicenseDeleteDialogProps) {
  return (
    <ConfirmDialog
      title={`Delete license “${license.name}”?`}
      confirmLabel="Delete license"
      onConfirm={onDelete}
      onClose={onClose}
    >
      <p>
        Every account holding it is left without a license: from its next request, its API tokens are refused
        with 403 “Your account does not have the required license.” until you give it another license on the
        Accounts page.
      </p>
    </ConfirmDialog>
  );
}
