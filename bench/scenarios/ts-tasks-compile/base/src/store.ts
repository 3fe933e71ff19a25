import type { Status, Task } from './types.ts';

export class TaskStore {
  private tasks: Task[] = [];
  private nextId = 1;

  add(title: string, fields: Partial<Omit<Task, 'id' | 'title'>> = {}): Task {
    const task: Task = { id: this.nextId++, title, status: 'todo', ...fields };
    this.tasks.push(task);
    return task;
  }

  move(id: number, status: Status): Task {
    const task = this.get(id);
    task.status = status;
    return task;
  }

  assign(id: number, person: string): Task {
    const task = this.get(id);
    task.assignee = person;
    return task;
  }

  get(id: number): Task {
    const task = this.tasks.find((t) => t.id === id);
    if (!task) throw new Error(`no task #${id}`);
    return task;
  }

  list(filter: { status?: Status; assignee?: string } = {}): Task[] {
    return this.tasks.filter((t) => (!filter.status || t.status === filter.status) && (!filter.assignee || t.assignee === filter.assignee));
  }
}
