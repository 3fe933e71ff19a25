'use strict';

/**
 * A binary min-heap ordered by a compare function (negative: a comes first).
 * push and pop are O(log n); peek is O(1).
 */
class Heap {
    constructor(compare = (a, b) => a - b) {
        this.compare = compare;
        this.items = [];
    }

    get size() {
        return this.items.length;
    }

    peek() {
        return this.items[0];
    }

    push(item) {
        this.items.push(item);
        this.siftUp(this.items.length - 1);
        return this;
    }

    pop() {
        const items = this.items;
        if (items.length === 0) return undefined;
        const top = items[0];
        const last = items.pop();
        if (items.length > 0) {
            items[0] = last;
            this.siftDown(0);
        }
        return top;
    }

    siftUp(i) {
        const items = this.items;
        while (i > 0) {
            const parent = (i - 1) >> 1;
            if (this.compare(items[i], items[parent]) >= 0) break;
            [items[i], items[parent]] = [items[parent], items[i]];
            i = parent;
        }
    }

    siftDown(i) {
        const items = this.items;
        const n = items.length;
        for (;;) {
            const left = 2 * i + 1;
            const right = left + 1;
            let smallest = i;
            if (left < n && this.compare(items[left], items[smallest]) < 0) smallest = left;
            if (right < n && this.compare(items[right], items[smallest]) < 0) smallest = right;
            if (smallest === i) return;
            [items[i], items[smallest]] = [items[smallest], items[i]];
            i = smallest;
        }
    }
}

module.exports = { Heap };
