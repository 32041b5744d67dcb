import { useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { useUpdateWebhook } from './queries';
import { showApiError, WebhookFields } from './webhook-fields';
import { webhookBody, webhookFormValues, type Webhook, type WebhookFormValues } from './webhook-values';

interface EditWebhookDialogProps {
  webhook: Webhook;
  onSaved: (webhook: Webhook) => void;
  onClose: () => void;
}

/** Changes a subscription's target, events and lotteries; its secret and log stay. */
export function EditWebhookDialog({ webhook, onSaved, onClose }: EditWebhookDialogProps) {
  const update = useUpdateWebhook();
  const form = useForm<WebhookFormValues>({ defaultValues: webhookFormValues(webhook) });
  const submit = form.handleSubmit(async (values) => {
    try {
      onSaved(await update.mutateAsync({ id: webhook.id, body: webhookBody(values) }));
    } catch (caught) {
      showApiError(form, caught);
    }
  });
  const saving = form.formState.isSubmitting;
  return (
    <Dialog title="Edit the subscription" onClose={onClose}>
      <form onSubmit={submit} noValidate aria-label="Edit the subscription">
        <Alert>{form.formState.errors.root?.server?.message}</Alert>
        <WebhookFields form={form} />
        <div className="actions">
          <button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save changes'}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
