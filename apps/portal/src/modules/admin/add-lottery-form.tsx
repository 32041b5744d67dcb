import type { Lottery } from '../../app/api-types';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { errorMessage } from '../../app/errors';
import { useClient } from '../../app/session';

const EMPTY = {
  tag: '',
  name: '',
  country: '',
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  mainCount: '5',
  mainMin: '1',
  mainMax: '50',
  hasSpecial: false,
  specialCount: '1',
  specialMin: '1',
  specialMax: '10',
  specialName: '',
};

type Values = typeof EMPTY;

const int = (text: string) => Number.parseInt(text, 10);

export function AddLotteryForm({ onCreated }: { onCreated: (lottery: Lottery) => void }) {
  const client = useClient();
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState('');
  const [added, setAdded] = useState('');
  const [busy, setBusy] = useState(false);
  const set =
    (key: keyof Values) => (event: { target: { value: string; checked?: boolean; type?: string } }) =>
      setValues((v) => ({
        ...v,
        [key]: event.target.type === 'checkbox' ? Boolean(event.target.checked) : event.target.value,
      }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    setAdded('');
    try {
      const created = await client.admin.lotteries.create({
        tag: values.tag.trim(),
        name: values.name.trim(),
        country: values.country.trim(),
        timezone: values.timezone.trim(),
        main: { count: int(values.mainCount), min: int(values.mainMin), max: int(values.mainMax) },
        special: values.hasSpecial
          ? {
              count: int(values.specialCount),
              min: int(values.specialMin),
              max: int(values.specialMax),
              name: values.specialName.trim() || null,
            }
          : null,
      });
      setValues(EMPTY);
      setAdded(`Lottery “${created.name}” (${created.tag}) added. Import its draws below.`);
      onCreated(created);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit}>
      <Alert kind="success">{added}</Alert>
      <Alert>{error}</Alert>
      <div className="row">
        <Field
          label="Tag"
          name="lottery-tag"
          required
          value={values.tag}
          onChange={set('tag')}
          hint="e.g. fr_keno"
        />
        <Field label="Name" name="lottery-name" required value={values.name} onChange={set('name')} />
        <Field
          label="Country"
          name="lottery-country"
          required
          value={values.country}
          onChange={set('country')}
          hint="e.g. FR"
        />
        <Field
          label="Time zone"
          name="lottery-timezone"
          required
          value={values.timezone}
          onChange={set('timezone')}
          hint="IANA, e.g. Europe/Paris"
        />
      </div>
      <fieldset className="section-gap">
        <legend>Main numbers</legend>
        <div className="row">
          <Field
            label="How many"
            name="main-count"
            type="number"
            min={1}
            required
            value={values.mainCount}
            onChange={set('mainCount')}
          />
          <Field
            label="Lowest"
            name="main-min"
            type="number"
            min={0}
            required
            value={values.mainMin}
            onChange={set('mainMin')}
          />
          <Field
            label="Highest"
            name="main-max"
            type="number"
            min={1}
            required
            value={values.mainMax}
            onChange={set('mainMax')}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>Special numbers</legend>
        <p className="check">
          <input id="has-special" type="checkbox" checked={values.hasSpecial} onChange={set('hasSpecial')} />
          <label htmlFor="has-special">This lottery draws special numbers</label>
        </p>
        {values.hasSpecial && (
          <div className="row">
            <Field
              label="How many"
              name="special-count"
              type="number"
              min={1}
              required
              value={values.specialCount}
              onChange={set('specialCount')}
            />
            <Field
              label="Lowest"
              name="special-min"
              type="number"
              min={0}
              required
              value={values.specialMin}
              onChange={set('specialMin')}
            />
            <Field
              label="Highest"
              name="special-max"
              type="number"
              min={1}
              required
              value={values.specialMax}
              onChange={set('specialMax')}
            />
            <Field
              label="Called"
              name="special-name"
              value={values.specialName}
              onChange={set('specialName')}
              hint="e.g. Bonus ball"
            />
          </div>
        )}
      </fieldset>
      <button type="submit" disabled={busy}>
        {busy ? 'Adding…' : 'Add lottery'}
      </button>
    </form>
  );
}
