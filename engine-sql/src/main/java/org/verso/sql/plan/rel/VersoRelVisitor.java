package org.verso.sql.plan.rel;

/** One method per physical operator, so adding an operator fails to compile until every visitor handles it. */
public interface VersoRelVisitor<T> {
    T visit(VersoTableScan rel);

    T visit(VersoKeyLookup rel);

    T visit(VersoIndexScan rel);

    T visit(VersoFilter rel);

    T visit(VersoProject rel);

    T visit(VersoSort rel);

    T visit(VersoAggregate rel);

    T visit(VersoValues rel);

    T visit(VersoUnion rel);

    T visit(VersoIntersect rel);

    T visit(VersoMinus rel);

    T visit(VersoRepeatUnion rel);

    T visit(VersoWorkingTableScan rel);

    T visit(VersoNestedLoopJoin rel);

    T visit(VersoHashJoin rel);

    T visit(VersoIndexJoin rel);

    T visit(VersoCorrelate rel);

    T visit(VersoWindow rel);

    T visit(VersoSeriesScan rel);

    T visit(VersoTableModify rel);
}
