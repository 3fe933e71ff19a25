import { addWorkdays, iso, isWorkday } from './workdays.js';

export type Priority = 'urgent' | 'high' | 'normal' | 'low';

/** Workdays allowed to resolve a ticket, by priority. */
export const SLA: Record<Priority, number> = { urgent: 0, high: 1, normal: 3, low: 10 };

export interface Ticket {
  id: string;
  opened: string;
  priority: Priority;
}

/** When the ticket must be resolved (YYYY-MM-DD). */
export function dueDate(ticket: Ticket): string {
  return iso(addWorkdays(new Date(`${ticket.opened}T00:00:00Z`), SLA[ticket.priority]));
}

/** Tickets past their due date on a given day, oldest due first. */
export function overdue(tickets: Ticket[], today: string): Ticket[] {
  return tickets
    .map((t) => ({ t, due: dueDate(t) }))
    .filter(({ due }) => due < today)
    .sort((a, b) => a.due.localeCompare(b.due))
    .map(({ t }) => t);
}

/** Whether the desk is open on a day. */
export function open(day: string): boolean {
  return isWorkday(new Date(`${day}T00:00:00Z`));
}
