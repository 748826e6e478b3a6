import classes from './TeamPage.module.css';
import { VisuallyHidden } from '../common/VisuallyHidden';

/** The latest results as W and L badges, latest first. */
export function FormLetters({ form }: { form: ('W' | 'L')[] }) {
  if (form.length === 0) return <span>No results yet</span>;
  return (
    <ol className={classes.form} aria-label="Latest results, newest first">
      {form.map((letter, index) => (
        // At most five letters that never reorder: the position is the identity.
        <li key={index} className={classes.formLetter} data-result={letter}>
          <span aria-hidden="true">{letter}</span>
          <VisuallyHidden>{letter === 'W' ? 'Win' : 'Loss'}</VisuallyHidden>
        </li>
      ))}
    </ol>
  );
}
