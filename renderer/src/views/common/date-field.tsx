// A day typed in the app's language ("29. 11. 2026" / "29/11/2026"), not the browser's date
// picker, which follows the system locale. Previous/next day buttons beside it; a text that is
// no date, or no such day, says so and changes nothing.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateField, readDate } from '../../format/date-text';
import { shiftDate } from '../../format/money-format';

interface Props {
  label: string;
  /** The day shown, YYYY-MM-DD. */
  value: string;
  onChange(date: string): void;
  /** The last day that may be picked (YYYY-MM-DD), e.g. today. */
  max?: string | null;
  /** The label only for screen readers (the surrounding group already says what the day is). */
  hideLabel?: boolean;
}

type Problem = 'invalid' | 'impossible' | 'afterMax' | null;

export function DateField({ label, value, onChange, max, hideLabel }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const id = useId();
  const [text, setText] = useState(() => formatDateField(value, language));
  const [problem, setProblem] = useState<Problem>(null);
  // A day set from outside (the buttons, Today, another language) replaces what was typed.
  const shown = `${value} ${language}`;
  const [shownBefore, setShownBefore] = useState(shown);
  if (shown !== shownBefore) {
    setShownBefore(shown);
    setText(formatDateField(value, language));
    setProblem(null);
  }

  const go = (date: string) => {
    if (date === value) {
      setText(formatDateField(value, language));
      setProblem(null);
    } else onChange(date);
  };
  const commit = () => {
    const reading = readDate(text);
    if (reading.kind === 'empty') go(value);
    else if (reading.kind !== 'date') setProblem(reading.kind);
    else if (max && reading.value > max) setProblem('afterMax');
    else go(reading.value);
  };
  const atMax = !!max && value >= max;
  return (
    <span className="date-field">
      <button type="button" onClick={() => onChange(shiftDate(value, -1))} aria-label={t('date.previousDay')}>
        ‹
      </button>
      <label>
        <span className={hideLabel ? 'sr-only' : undefined}>{label}</span>
        <input
          value={text}
          size={12}
          autoComplete="off"
          aria-invalid={problem !== null || undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
      </label>
      <button type="button" onClick={() => onChange(shiftDate(value, 1))} disabled={atMax} aria-label={t('date.nextDay')}>
        ›
      </button>
      {problem && (
        <span id={`${id}-problem`} role="alert" className="error date-problem">
          {problem === 'afterMax' && max ? t('date.afterMax', { max: formatDateField(max, language) }) : t(`date.${problem}`)}
        </span>
      )}
    </span>
  );
}
