import { useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { useCreateWebhook } from './queries';
import { showApiError, WebhookFields } from './webhook-fields';
import { NEW_WEBHOOK_VALUES, type CreatedWebhook, type WebhookFormValues } from './webhook-values';

interface CreateWebhookFormProps {
  /** Called with the new subscription, whose secret is shown once. */
  onCreated: (created: CreatedWebhook) => void;
}

export function CreateWebhookForm({ onCreated }: CreateWebhookFormProps) {
  const create = useCreateWebhook();
  const form = useForm<WebhookFormValues>({ defaultValues: NEW_WEBHOOK_VALUES });
  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      form.reset(NEW_WEBHOOK_VALUES);
      onCreated(created);
    } catch (caught) {
      showApiError(form, caught);
    }
  });

  return (
    <form className="card" onSubmit={submit} aria-labelledby="create-webhook-title" noValidate>
      <h2 id="create-webhook-title">New subscription</h2>
      <Alert>{form.formState.errors.root?.server?.message}</Alert>
      <WebhookFields form={form} />
      <button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Creating…' : 'Create subscription'}
      </button>
    </form>
  );
}
