"use client";

import { useRef, type RefObject } from "react";

import { useModalFocus } from "./use-modal-focus";

type ModalScreenOptions = (
  | {
      /** The id of the screen's title, which names the dialog (aria-labelledby). */
      titleId: string;
      label?: never;
    }
  | {
      /** The dialog's name when it has no one title for all its steps (aria-label). */
      label: string;
      titleId?: never;
    }
) & {
  /** The title's ref, when a child component that draws the title holds it (instead of `titleProps`). */
  title?: RefObject<HTMLHeadingElement | null>;
  /** Where focus goes on closing when the control that opened the screen has gone (see useModalFocus). */
  returnFocus?: () => HTMLElement | null;
};

/**
 * A full-screen modal we draw ourselves (not a Radix dialog), with useModalFocus's keyboard and screen-reader focus.
 * `dialogProps` go on the screen's outer element, `titleProps` on its title, which then takes focus when the screen opens:
 * the title may sit anywhere inside it (in a SwipeCard, say). A screen whose own field takes focus leaves `titleProps`
 * off, and its title keeps its plain id.
 */
export function useModalScreen({ titleId, label, title: givenTitle, returnFocus }: ModalScreenOptions) {
  const dialog = useRef<HTMLDivElement>(null);
  const ownTitle = useRef<HTMLHeadingElement>(null);
  const title = givenTitle ?? ownTitle;
  useModalFocus(dialog, title, returnFocus);
  return {
    /** For moving focus back to the title while the screen shows (a control under focus turned off). */
    title,
    dialogProps: {
      ref: dialog,
      role: "dialog",
      "aria-modal": "true",
      ...(titleId === undefined ? { "aria-label": label } : { "aria-labelledby": titleId }),
    },
    titleProps: { ref: title, id: titleId, tabIndex: -1 },
  } as const;
}
