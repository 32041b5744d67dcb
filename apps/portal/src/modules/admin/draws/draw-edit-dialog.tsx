import type { AdminDraw } from '../../../app/api-types';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { Dialog } from '../../../components/dialog';
import { Field } from '../../../components/field';
import { useSaveDraw } from '../queries';
import { resolverOf, showRefusal } from '../../../components/form-errors';
import {
  drawBody,
  drawErrors,
  drawRefusal,
  drawValuesOf,
  savedMessage,
  type DrawValues,
} from './draw-values';
import { FormActions } from '../../../components/form-actions';

/**
 * Corrects one stored draw: its numbers in draw order, checked by the API against the rules of the draw's date
 * (its refusal is shown at the group it is about, and the dialog stays open).
 */
export function DrawEditDialog({
  tag,
  draw,
  onSaved,
  onClose,
}: {
  tag: string;
  draw: AdminDraw;
  onSaved: (message: string) => void;
  onClose: () => void;
}) {
  const save = useSaveDraw(tag);
  const { register, handleSubmit, setError, formState } = useForm<DrawValues>({
    defaultValues: drawValuesOf(draw),
    resolver: resolverOf(drawErrors),
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    const body = drawBody(values);
    try {
      await save.mutateAsync({ date: draw.date, body });
      onSaved(savedMessage(draw.date, body));
      onClose();
    } catch (caught) {
      showRefusal(drawRefusal(caught), setError);
    }
  });

  return (
    <Dialog title={`Draw of ${draw.date}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="small muted">
          Numbers in the order they were drawn. Clients see the change at once, on every instance.
        </p>
        <Alert>{errors.root?.server?.message}</Alert>
        <Field label="Main numbers" {...register('main')} error={errors.main?.message} data-autofocus />
        <Field
          label="Special numbers"
          {...register('special')}
          error={errors.special?.message}
          hint="Empty when the lottery draws none."
        />
        <FormActions busy={isSubmitting} label="Save draw" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
