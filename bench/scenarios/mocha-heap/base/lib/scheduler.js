'use strict';

const { Heap } = require('./heap');

/** Runs tasks by priority (lower first), then by arrival. */
class Scheduler {
    constructor() {
        this.seq = 0;
        this.heap = new Heap((a, b) => a.priority - b.priority || a.seq - b.seq);
    }

    add(name, priority = 5) {
        this.heap.push({ name, priority, seq: this.seq++ });
    }

    next() {
        const task = this.heap.pop();
        return task ? task.name : undefined;
    }

    drain() {
        const out = [];
        while (this.heap.size) out.push(this.next());
        return out;
    }
}

module.exports = { Scheduler };
