"use client";

import { RECORD_BUTTON_ID } from "@/components/recording/record-button";
import { FAILURE_TEXTS } from "@/components/recording/texts";
import { ANALYSIS_TEXTS, CONFIRMATION_NOTE } from "@/components/session/texts";
import { ActionDialog } from "@/components/ui/action-dialog";
import { ConfirmationDialog } from "@/components/ui/confirmation-dialog";

import { useSessionFlow } from "./session-flow-provider";

/** The failure dialogs of the session flow (spec part 1 sections 2 and 8), rendered from the flow's one dialog slot. */
export function SessionFlowDialogs() {
  const { state, actions } = useSessionFlow();
  const { dialog } = state;
  const { recording, analysis } = actions;
  // Each dialog comes after the progress screen that had focus has gone: closing one puts the keyboard back on the recorder.
  const toRecordButton = () => document.getElementById(RECORD_BUTTON_ID);
  const analysisKept = (dialog?.kind === "analysis-connection" || dialog?.kind === "analysis-failed") && dialog.retry.keptId !== null;

  return (
    <>
      {/* In the recording screen the connection modal offers Save Locally or Go Home; it goes home by itself after 3 s. */}
      <ActionDialog
        returnFocus={toRecordButton}
        open={dialog?.kind === "transcription-connection"}
        onOpenChange={(open) => (open ? undefined : recording.closeDialog())}
        title={FAILURE_TEXTS.connectionErrorTitle}
        description={FAILURE_TEXTS.connectionErrorBody}
        actions={[
          { label: FAILURE_TEXTS.saveLocally, onSelect: recording.saveRecordingLocally },
          { label: FAILURE_TEXTS.goHome, onSelect: recording.goHomeNow, variant: "secondary" },
        ]}
      />
      <ActionDialog
        returnFocus={toRecordButton}
        open={dialog?.kind === "transcription-retry"}
        onOpenChange={(open) => (open ? undefined : recording.closeDialog())}
        title={FAILURE_TEXTS.transcriptionFailedTitle}
        description={FAILURE_TEXTS.transcriptionFailedBody}
        actions={[
          { label: FAILURE_TEXTS.retryNow, onSelect: recording.retryFromDialog },
          { label: FAILURE_TEXTS.saveLocally, onSelect: recording.saveRecordingLocally, variant: "secondary" },
          { label: FAILURE_TEXTS.cancel, onSelect: recording.closeDialog, variant: "ghost" },
        ]}
      />
      <ConfirmationDialog
        returnFocus={toRecordButton}
        open={dialog?.kind === "analysis-connection"}
        onClose={recording.closeDialog}
        title={ANALYSIS_TEXTS.connectionTitle}
        message={ANALYSIS_TEXTS.connectionBody}
        note={analysisKept ? CONFIRMATION_NOTE : null}
        primary={{ label: FAILURE_TEXTS.retryNow, onSelect: analysis.retryFromDialog }}
        secondary={{ label: FAILURE_TEXTS.saveLocally, onSelect: analysis.saveLocally }}
      />
      <ConfirmationDialog
        returnFocus={toRecordButton}
        open={dialog?.kind === "analysis-failed"}
        onClose={recording.closeDialog}
        title={ANALYSIS_TEXTS.failedTitle}
        message={ANALYSIS_TEXTS.unableToAnalyze}
        note={analysisKept ? CONFIRMATION_NOTE : null}
        primary={{ label: FAILURE_TEXTS.retryNow, onSelect: analysis.retryFromDialog }}
        secondary={{ label: FAILURE_TEXTS.saveLocally, onSelect: analysis.saveLocally }}
        cancel={{ label: FAILURE_TEXTS.cancel, onSelect: recording.closeDialog }}
      />
    </>
  );
}
