'use strict';

const { slugify, truncate, fold } = require('./slug');
const { titleCase } = require('./title');

module.exports = { slugify, truncate, fold, titleCase };
