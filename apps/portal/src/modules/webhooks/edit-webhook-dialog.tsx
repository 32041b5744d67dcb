import { useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { useUpdateWebhook } from './queries';
import { showApiError, WebhookFields } from './webhook-fields';
import { webhookBody, webhookFormValues, type Webhook, type WebhookFormValues } from './webhook-values';
import { FormActions } from '../../components/form-actions';

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
        <FormActions busy={saving} label="Save changes" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
