import { splitEvenly } from './money.js';

export interface Expense {
  paidBy: string;
  amount: number;
  between: string[];
}

/** What each person is owed (positive) or owes (negative), in minor units. */
export function balances(expenses: Expense[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of expenses) {
    out[e.paidBy] = (out[e.paidBy] ?? 0) + e.amount;
    splitEvenly(e.amount, e.between.length).forEach((share, i) => {
      const who = e.between[i]!;
      out[who] = (out[who] ?? 0) - share;
    });
  }
  return out;
}
