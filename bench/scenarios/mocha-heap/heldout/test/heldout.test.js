'use strict';

const assert = require('node:assert/strict');
const { Heap } = require('../lib/heap');
const { Scheduler } = require('../lib/scheduler');

describe('held out', function () {
    it('a max-heap by compare function', function () {
        const heap = new Heap((a, b) => b - a);
        [3, 9, 4, 12, 1, 10, 11].forEach((n) => heap.push(n));
        const out = [];
        while (heap.size) out.push(heap.pop());
        assert.deepEqual(out, [12, 11, 10, 9, 4, 3, 1]);
    });

    it('cancel keeps the order', function () {
        const s = new Scheduler();
        ['a', 'b', 'c', 'd', 'e', 'f'].forEach((n, i) => s.add(n, 6 - i));
        s.cancel('c');
        assert.deepEqual(s.drain(), ['f', 'e', 'd', 'b', 'a']);
    });
});
