import { useId, useState } from 'react';
import { errorMessage } from '../app/errors';
import { Field } from './field';
import { LoadError } from './load-error';
import { choiceLabel, lotteryChoices, parseTagText, toggleTag } from './lottery-tags';
import { useLotteryList } from './lottery-list-queries';

interface LotteryTagPickerProps {
  label: string;
  /** The chosen tags. */
  value: string[];
  onChange: (tags: string[]) => void;
  /** Several lotteries (check boxes) or one (radio buttons). */
  multiple: boolean;
  hint?: string;
  /** What is wrong with the choice: shown under the list, whose inputs are marked invalid. */
  error?: string;
  id?: string;
}

/**
 * Lotteries chosen from the list, by name and tag, instead of tags typed from memory. While the list cannot be
 * read, the tags can still be typed (and are lower-cased, as tags always are).
 */
export function LotteryTagPicker({
  label,
  value,
  onChange,
  multiple,
  hint,
  error,
  id,
}: LotteryTagPickerProps) {
  const generated = useId();
  const pickerId = id ?? generated;
  const hintId = hint ? `${pickerId}-hint` : undefined;
  const errorId = error ? `${pickerId}-error` : undefined;
  const list = useLotteryList();
  const choices = list.data ? lotteryChoices(list.data, value) : [];
  const order = choices.map((c) => c.tag);

  return (
    <fieldset
      id={pickerId}
      className="lottery-picker"
      aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
    >
      <legend>{label}</legend>
      {hint && (
        <span className="hint" id={hintId}>
          {hint}
        </span>
      )}
      {list.isPending && <p aria-live="polite">Loading the lotteries…</p>}
      {list.isError && <LoadError error={errorMessage(list.error)} onRetry={() => void list.refetch()} />}
      {list.data && (
        <div className="lottery-picker-list">
          {choices.map((choice) => (
            <label key={choice.tag} className="check">
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={`${pickerId}-tag`}
                value={choice.tag}
                checked={value.includes(choice.tag)}
                onChange={(e) =>
                  onChange(multiple ? toggleTag(value, choice.tag, e.target.checked, order) : [choice.tag])
                }
                aria-invalid={error ? true : undefined}
              />
              <span>{choiceLabel(choice)}</span>
            </label>
          ))}
          {choices.length === 0 && <p className="muted">There is no lottery yet.</p>}
        </div>
      )}
      {list.isError && (
        <TypedTags id={`${pickerId}-typed`} value={value} onChange={onChange} invalid={!!error} />
      )}
      {error && (
        <span className="field-error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}

interface TypedTagsProps {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  invalid: boolean;
}

/** The fallback: tags typed, separated by commas or spaces. */
function TypedTags({ id, value, onChange, invalid }: TypedTagsProps) {
  const [text, setText] = useState(() => value.join(', '));
  // The form changed the value itself (reset after saving, say): show it rather than the old text.
  if (parseTagText(text).join() !== value.join()) setText(value.join(', '));
  return (
    <Field
      id={id}
      label="Lottery tags"
      autoComplete="off"
      spellCheck={false}
      placeholder="e.g. us_powerball, fr_lotto"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseTagText(e.target.value));
      }}
      hint="Separated by commas, e.g. us_powerball, fr_lotto."
      aria-invalid={invalid ? true : undefined}
    />
  );
}
