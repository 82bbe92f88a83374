import { create } from 'zustand';
import type { CommandName } from '@voltline/contract';
import type { CommandAnswer } from '../../api/send-command';

export interface LastAnswer {
  /** What was sent, already translated ("Reset (Soft)"). */
  label: string;
  /** Which command, for answers shown field by field (local list versions, data transfer). */
  command?: CommandName;
  answer?: CommandAnswer;
  failed: boolean;
  at: number;
  /** An accepted remote start's command, followed to its outcome (remote-start-outcome.tsx). */
  followId?: number;
}

interface AnswerState {
  byChargePoint: Record<string, LastAnswer>;
  record: (chargePointId: string, answer: LastAnswer) => void;
}

/** The charger's answer to the last command sent from this tab, per charge point. */
export const useAnswerStore = create<AnswerState>((set) => ({
  byChargePoint: {},
  record: (chargePointId, answer) =>
    set((s) => ({ byChargePoint: { ...s.byChargePoint, [chargePointId]: answer } })),
}));
