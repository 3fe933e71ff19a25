'use strict';

const assert = require('node:assert/strict');
const { Heap } = require('../lib/heap');
const { Scheduler } = require('../lib/scheduler');

function drain(heap) {
    const out = [];
    while (heap.size) out.push(heap.pop());
    return out;
}

describe('Heap', function () {
    it('pops in order', function () {
        const heap = new Heap();
        [5, 3, 8, 1, 9, 2, 7].forEach((n) => heap.push(n));
        assert.deepEqual(drain(heap), [1, 2, 3, 5, 7, 8, 9]);
    });

    it('handles duplicates', function () {
        const heap = new Heap();
        [2, 1, 2, 1, 3].forEach((n) => heap.push(n));
        assert.deepEqual(drain(heap), [1, 1, 2, 2, 3]);
    });

    it('sorts a larger shuffled set', function () {
        const heap = new Heap();
        const values = Array.from({ length: 50 }, (_, i) => (i * 37) % 50);
        values.forEach((n) => heap.push(n));
        assert.deepEqual(drain(heap), [...values].sort((a, b) => a - b));
    });

    it('peeks without removing', function () {
        const heap = new Heap().push(4).push(2);
        assert.equal(heap.peek(), 2);
        assert.equal(heap.size, 2);
    });

    it('is empty at the start', function () {
        assert.equal(new Heap().pop(), undefined);
    });
});

describe('Scheduler', function () {
    it('runs urgent tasks first, ties by arrival', function () {
        const s = new Scheduler();
        s.add('backup', 5);
        s.add('page on-call', 1);
        s.add('reindex', 5);
        s.add('rotate logs', 9);
        s.add('renew cert', 1);
        assert.deepEqual(s.drain(), ['page on-call', 'renew cert', 'backup', 'reindex', 'rotate logs']);
    });
});
