export { ConfirmProvider, useConfirm, type ConfirmOptions } from './ConfirmProvider';
export { NOTICE_TIMEOUT_MS, NoticeSlot, ResultNotice, useAutoHide, useNotice, type Notice } from './ResultNotice';
export { EloChangeList, UndoRunButton, eloChangeText, sortEloChanges } from './EloChangeList';
export { submitted } from './submitted';
export { outcomeColour, type OutcomeColour } from './outcome';
