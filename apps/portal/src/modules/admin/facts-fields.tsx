import { useFormContext } from 'react-hook-form';
import { Field } from '../../components/field';
import { TextAreaField } from '../../components/text-area-field';
import { OPERATOR_MAX, TERMS_MAX, type FactsValues } from './lottery-values';

/**
 * Who runs the game and the terms its results may be reused under, shared by "Add a lottery" and a lottery's Edit
 * dialog (read from the form they sit in, as RulesFields is). Both are optional and public: Admin → Draws shows them.
 */
export function FactsFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<FactsValues>();
  return (
    <>
      <Field
        label="Operator"
        {...register('operator')}
        hint={`Who runs the game, e.g. Française des Jeux. Optional, up to ${OPERATOR_MAX} characters.`}
        error={errors.operator?.message}
      />
      <TextAreaField
        label="Terms of reuse"
        rows={3}
        {...register('terms')}
        hint={`The terms under which the results are published for reuse, in short, or “none found”. Optional, up to ${TERMS_MAX} characters.`}
        error={errors.terms?.message}
      />
    </>
  );
}
