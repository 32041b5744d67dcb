interface DrawNumber {
  special: boolean;
  order: number;
  value: number;
}

/** A draw's numbers as balls: main numbers, then the special ones in another colour. */
export function DrawNumbers({
  numbers,
  specialName,
}: {
  numbers: DrawNumber[];
  specialName?: string | null;
}) {
  const main = numbers.filter((n) => !n.special).map((n) => n.value);
  const special = numbers.filter((n) => n.special).map((n) => n.value);
  const label = `${main.join(', ')}${special.length ? `; ${specialName ?? 'special'}: ${special.join(', ')}` : ''}`;
  return (
    <span className="balls" role="img" aria-label={label}>
      {numbers.map((n) => (
        <span
          key={`${n.special ? 's' : 'm'}${n.order}`}
          className={n.special ? 'ball special' : 'ball'}
          aria-hidden="true"
        >
          {n.value}
        </span>
      ))}
    </span>
  );
}
