#include "core/eta_internal.h"

#include <stdbool.h>

#define GROWING 1.4142 /* a stage's cost over the last's beyond which the cost grows */

void cg_eta_start(cg_eta *eta, double t, size_t known) {
    eta->stage_time = t;
    eta->stage_from = known;
    eta->last_cost = 0;
    eta->last_middle = 0;
    eta->slope = 0;
}

double cg_eta_sum(double cost, double slope, size_t known, size_t wanted) {
    if (known >= wanted || !(cost > 0)) {
        return 0;
    }
    double items = (double)(wanted - known);
    return cost * items + (slope > 0 ? slope * items * items / 2 : 0);
}

double cg_eta_left(cg_eta *eta, double t, size_t known, size_t wanted) {
    double elapsed = t - eta->stage_time;
    bool moved = known > eta->stage_from && elapsed > 0;
    if (!moved) {
        return cg_eta_sum(eta->last_cost, eta->slope, known, wanted);
    }
    /* the stage's average cost, which is the cost at its middle item */
    double cost = elapsed / (double)(known - eta->stage_from);
    double middle = ((double)eta->stage_from + (double)known) / 2;
    size_t base = eta->stage_from > 0 ? eta->stage_from : 1;
    if (known >= 2 * base) { /* a whole stage: the cost's growth is measured */
        if (eta->last_cost > 0 && middle > eta->last_middle) {
            /* growth only where the cost rose by more than the square root of
             * the doubling (a linear cost doubles, a constant one wavers with
             * the machine's load, and a line through a few percent of noise,
             * carried a hundred doublings on, would be hours wrong) */
            double slope = (cost - eta->last_cost) / (middle - eta->last_middle);
            eta->slope = cost > GROWING * eta->last_cost ? slope : 0;
        }
        eta->last_cost = cost;
        eta->last_middle = middle;
        eta->stage_time = t;
        eta->stage_from = known;
    }
    return cg_eta_sum(cost + eta->slope * ((double)known - middle), eta->slope, known, wanted);
}
