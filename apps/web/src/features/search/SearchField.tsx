import { useRef, useState, type ComponentType } from 'react';
import classes from './SearchField.module.css';

export const SEARCH_LABEL = 'Search teams and players';

export interface SearchFieldProps {
  text: string;
  setText: (text: string) => void;
}

type SearchBoxComponent = ComponentType<SearchFieldProps & { autoFocus?: boolean }>;

/**
 * The top bar's search box. The combobox behind it (Mantine's Combobox, its popover and
 * positioning code) is loaded when the visitor first points at or focuses the box, not
 * with every page: the home page's first load stays within its budget
 * (e2e/bundle-size.e2e.test.ts). Until then a plain field of the same look takes the
 * typing, and the combobox takes over with that text and the focus. The plain field is an
 * <input> with its own styles, not Mantine's TextInput: the input family's code and
 * stylesheet load with the combobox too.
 */
export function SearchField() {
  const [text, setText] = useState('');
  const [SearchBox, setSearchBox] = useState<SearchBoxComponent | null>(null);
  const loading = useRef(false);
  const plainInput = useRef<HTMLInputElement>(null);
  const hadFocus = useRef(false);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    void import('./SearchBox').then(
      (module) => {
        hadFocus.current = document.activeElement === plainInput.current;
        setSearchBox(() => module.SearchBox);
      },
      () => {
        // Offline or a stale deployment: the next attempt tries again.
        loading.current = false;
      },
    );
  };

  if (SearchBox) return <SearchBox text={text} setText={setText} autoFocus={hadFocus.current} />;
  return (
    <input
      ref={plainInput}
      className={classes.plain}
      role="combobox"
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-label={SEARCH_LABEL}
      placeholder={SEARCH_LABEL}
      type="text"
      inputMode="search"
      enterKeyHint="search"
      autoComplete="off"
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onFocus={load}
      onPointerEnter={load}
    />
  );
}
