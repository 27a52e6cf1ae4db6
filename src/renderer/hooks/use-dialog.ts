import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';

/** What Tab can reach inside a dialog. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, newest last: Escape and Tab belong to the one on top. */
const openDialogs: HTMLElement[] = [];

interface DialogOptions {
  /** What has the focus when the dialog opens; else its first control, else the dialog itself. */
  readonly initialFocus?: RefObject<HTMLElement | null>;
  /** While false, Escape does nothing (an action that must not be walked away from is running). */
  readonly closable?: boolean;
}

/**
 * A modal dialog's keyboard, for the element the returned ref is put on (with `tabIndex={-1}`): the
 * focus moves in when it opens and back to where it was when it closes; Tab and Shift+Tab go round
 * inside it; Escape closes it wherever the focus is, also when the focused button was disabled and the
 * focus fell to the page (a listener on the document, not on the dialog).
 */
export function useDialog<T extends HTMLElement>(onClose: () => void, options: DialogOptions = {}): RefObject<T | null> {
  const ref = useRef<T>(null);
  // Read as the dialog first renders: by the time effects run, a field's autoFocus has taken the focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const closable = options.closable ?? true;
  const close = useEffectEvent(() => {
    if (closable) onClose();
  });
  const initialFocus = options.initialFocus;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    openDialogs.push(dialog);
    const focusables = (): HTMLElement[] => [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    const target = initialFocus?.current ?? dialog.querySelector<HTMLElement>('[autofocus]') ?? focusables()[0] ?? dialog;
    if (!dialog.contains(document.activeElement)) target.focus();

    const onKeyDown = (event: KeyboardEvent): void => {
      if (openDialogs.at(-1) !== dialog) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const [first, last] = [items[0]!, items.at(-1)!];
      const inside = dialog.contains(document.activeElement);
      if (event.shiftKey && (!inside || document.activeElement === first || document.activeElement === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that leaves by other means (a click on the page behind, a script) comes back.
    const onFocusIn = (event: FocusEvent): void => {
      if (openDialogs.at(-1) === dialog && event.target instanceof Node && !dialog.contains(event.target)) dialog.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus, opener]);

  return ref;
}
