import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import { Later } from './Later';

export interface SuggestedFieldProps {
  /** The suggestions (free text stays allowed: the field keeps exactly what was typed). */
  options: string[];
  /** Which suggestions fit what is typed. */
  suggest: (typed: string, options: string[]) => string[];
  value: string;
  onChange: (value: string) => void;
  /** The field itself; without params it is the stand-in shown until the suggestions mount. */
  field: (params?: AutocompleteRenderInputParams) => ReactNode;
}

/** Where the user was in the stand-in when it went: focus, caret and selection. */
interface Caret {
  start: number | null;
  end: number | null;
  direction: 'forward' | 'backward' | 'none' | null;
}

const inputOf = (boxRef: RefObject<HTMLDivElement | null>) => boxRef.current?.querySelector('input') ?? null;

/** The stand-in: as it goes (its input still in the page), notes whether the user was in it. */
function StandIn({
  boxRef,
  caretRef,
  children,
}: {
  boxRef: RefObject<HTMLDivElement | null>;
  caretRef: RefObject<Caret | null>;
  children: ReactNode;
}) {
  useLayoutEffect(
    () => () => {
      const input = inputOf(boxRef);
      caretRef.current =
        input && input === document.activeElement
          ? { start: input.selectionStart, end: input.selectionEnd, direction: input.selectionDirection }
          : null;
    },
    [boxRef, caretRef],
  );
  return <>{children}</>;
}

/** Mounted with the Autocomplete: puts the user back in its input where they were. */
function TakeOver({
  boxRef,
  caretRef,
}: {
  boxRef: RefObject<HTMLDivElement | null>;
  caretRef: RefObject<Caret | null>;
}) {
  useLayoutEffect(() => {
    const was = caretRef.current;
    caretRef.current = null;
    const input = inputOf(boxRef);
    if (!was || !input) return;
    input.focus({ preventScroll: true });
    if (was.start !== null && was.end !== null)
      input.setSelectionRange(was.start, was.end, was.direction ?? undefined);
  }, [boxRef, caretRef]);
  return null;
}

/**
 * A typed field with suggestions (the lever form's hands, the seconds form's amount). MUI's
 * Autocomplete mounts in a commit of its own: its mount re-renders at once (a ref that sets
 * state), which made a whole form's first commit one long task. The same field without
 * suggestions stands in until then. The swap puts a new input in the page: a user already in
 * the stand-in (focused, typing) is moved to the new one with the same caret and selection
 * (the text is the form's, so it is the same). The box is `display: contents`, so the layout
 * is the one without it.
 */
export function SuggestedField({ options, suggest, value, onChange, field }: SuggestedFieldProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const caretRef = useRef<Caret>(null);
  return (
    <div ref={boxRef} style={{ display: 'contents' }}>
      <Later
        placeholder={
          <StandIn boxRef={boxRef} caretRef={caretRef}>
            {field()}
          </StandIn>
        }
      >
        <Autocomplete
          freeSolo
          options={options}
          filterOptions={(all, state) => suggest(state.inputValue, all)}
          inputValue={value}
          onInputChange={(_, v) => onChange(v)}
          renderInput={field}
        />
        <TakeOver boxRef={boxRef} caretRef={caretRef} />
      </Later>
    </div>
  );
}
