import { FormProvider, useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { resolverOf, showRefusal } from '../../components/form-errors';
import { FactsFields } from './facts-fields';
import { lotteryRefusal, newLotteryErrors, newLotteryValues, type NewLotteryValues } from './lottery-values';
import { useCreateLottery } from './queries';
import { RulesFields } from './rules-fields';

const EMPTY = newLotteryValues(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
/** The fields a 400 of POST /admin/lotteries may name that the form shows as inputs. */
const REFUSED_FIELDS = ['tag', 'name', 'country', 'timezone', 'operator', 'terms'] as const;

export function AddLotteryForm() {
  const form = useForm<NewLotteryValues>({
    defaultValues: EMPTY,
    resolver: resolverOf(newLotteryErrors),
  });
  const {
    register,
    formState: { errors },
  } = form;
  const create = useCreateLottery();

  return (
    <FormProvider {...form}>
      {/* noValidate: the form's own checks say what is wrong at each field, in its words. */}
      <form
        onSubmit={form.handleSubmit((values) =>
          create.mutate(values, {
            onSuccess: () => form.reset(EMPTY),
            onError: (caught) => showRefusal(lotteryRefusal(caught, REFUSED_FIELDS), form.setError),
          }),
        )}
        noValidate
      >
        <Alert kind="success">
          {create.data && `Lottery “${create.data.name}” (${create.data.tag}) added. Import its draws below.`}
        </Alert>
        <Alert>{errors.root?.server?.message}</Alert>
        <div className="row">
          <Field label="Tag" required {...register('tag')} hint="e.g. fr_keno" error={errors.tag?.message} />
          <Field label="Name" required {...register('name')} error={errors.name?.message} />
          <Field
            label="Country"
            required
            {...register('country')}
            hint="e.g. FR"
            error={errors.country?.message}
          />
          <Field
            label="Time zone"
            required
            {...register('timezone')}
            hint="IANA, e.g. Europe/Paris"
            error={errors.timezone?.message}
          />
        </div>
        <FactsFields />
        <RulesFields />
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add lottery'}
        </button>
      </form>
    </FormProvider>
  );
}
